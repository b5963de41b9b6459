import { useTranslation } from 'react-i18next';

const DEFAULT_AVATAR = '/demo/avatar-default.webp';

/** A round profile picture; people without one, or with a broken one, get the default image. */
export function UserAvatar({
  name,
  img,
  size,
  lazy = true,
  ringClassName = '',
}: {
  name: string;
  img: string | null;
  size: number;
  lazy?: boolean;
  ringClassName?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="avatar">
      <div className={`rounded-full ${ringClassName}`} style={{ width: size, height: size }}>
        <img
          src={img || DEFAULT_AVATAR}
          alt={t('widgets.avatar', { name })}
          width={size}
          height={size}
          loading={lazy ? 'lazy' : undefined}
          onError={(e) => {
            if (!e.currentTarget.src.endsWith(DEFAULT_AVATAR)) e.currentTarget.src = DEFAULT_AVATAR;
          }}
        />
      </div>
    </div>
  );
}
