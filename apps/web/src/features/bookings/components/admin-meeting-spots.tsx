import { z } from '@market/shared/zod';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  MEETING_SPOT_ADDRESS_MAX,
  MEETING_SPOT_HOURS_MAX,
  MEETING_SPOT_KINDS,
  MEETING_SPOT_NAME_MAX,
  PLACE_ID_MESSAGE,
  meetingSpotInputSchema,
  type MeetingSpot,
  type Place,
} from '@market/shared';
import { toast } from '../../../lib/toast.ts';
import { describeError } from '../../../lib/errors.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { ActionDialog } from '../../../components/ui/action-dialog.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { FormField, TextField, bindField, errorProps } from '../../../components/ui/form-field.tsx';
import {
  useAddMeetingSpot,
  useChangeMeetingSpot,
  useRemoveMeetingSpot,
} from '../api/manage-meeting-spots.ts';
import { SpotsByArea } from './meeting-spot-card.tsx';
import { SpotPlaceField } from './spot-place-field.tsx';

/** Coordinates as typed ("23.7937"): a number, or the schema's message for what is not one. */
const typedNumber = (schema: z.ZodNumber, notANumber: string) =>
  z
    .string()
    .trim()
    .transform((v, ctx) => {
      const n = v === '' ? Number.NaN : Number(v);
      if (Number.isNaN(n)) {
        ctx.addIssue({ code: 'custom', message: notANumber });
        return z.NEVER;
      }
      return n;
    })
    .pipe(schema);

/** The spot's form, with the words of a coordinate that is not a number in the page's language. */
const spotFormSchema = (notANumber: string) =>
  meetingSpotInputSchema.extend({
    placeId: z
      .number({ error: PLACE_ID_MESSAGE })
      .nullable()
      .refine((v) => v !== null, {
        error: PLACE_ID_MESSAGE,
      }),
    lat: typedNumber(meetingSpotInputSchema.shape.lat, notANumber),
    lon: typedNumber(meetingSpotInputSchema.shape.lon, notANumber),
  });
type SpotFormSchema = ReturnType<typeof spotFormSchema>;
type SpotFormInput = z.input<SpotFormSchema>;
type SpotFormOutput = z.output<SpotFormSchema>;

/** Adding a spot, or changing one (`spot`). */
function SpotDialog({ spot, onClose }: { spot: MeetingSpot | null; onClose: () => void }) {
  const { t } = useTranslation();
  const add = useAddMeetingSpot();
  const change = useChangeMeetingSpot();
  const notANumber = t('requests.adminSpots.typeNumber');
  const schema = useMemo(() => spotFormSchema(notANumber), [notANumber]);
  const form = useForm<SpotFormInput, unknown, SpotFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: spot
      ? { ...spot, lat: String(spot.lat), lon: String(spot.lon) }
      : {
          name: '',
          address: '',
          placeId: null,
          lat: '',
          lon: '',
          openingHours: '',
          kind: 'police_station',
        },
  });
  const pickPlace = (place: Place | null) => {
    form.setValue('placeId', place?.id ?? null, { shouldValidate: form.formState.isSubmitted });
    // The place's centre is a start; the admin puts the spot's own point.
    if (place && form.getValues('lat') === '' && form.getValues('lon') === '') {
      form.setValue('lat', String(place.lat));
      form.setValue('lon', String(place.lon));
    }
  };
  const kindId = 'spot-kind';
  const kindError = form.formState.errors.kind?.message;
  const field = {
    name: bindField(form, 'name'),
    address: bindField(form, 'address'),
    lat: bindField(form, 'lat'),
    lon: bindField(form, 'lon'),
    openingHours: bindField(form, 'openingHours'),
    kind: form.register('kind'),
    kindError: errorProps(kindId, kindError),
  };

  return (
    <ActionDialog
      title={
        spot
          ? t('requests.adminSpots.changeTitle', { spot: spot.name })
          : t('requests.adminSpots.addTitle')
      }
      onClose={onClose}
    >
      {(close) => (
        <Form
          form={form}
          action={spot ? 'Changing a meeting spot' : 'Adding a meeting spot'}
          submitLabel={
            spot ? t('requests.adminSpots.saveChanges') : t('requests.adminSpots.addSpot')
          }
          className="mt-4 space-y-2"
          onSubmit={async ({ placeId, ...values }) => {
            const body = { ...values, placeId: placeId as number };
            if (spot) await change.mutateAsync({ id: spot.id, ...body });
            else await add.mutateAsync(body);
            toast.success(
              spot
                ? t('requests.adminSpots.saved')
                : t('requests.adminSpots.added', { spot: values.name }),
            );
            close();
          }}
        >
          <TextField
            label={t('requests.adminSpots.name')}
            maxLength={MEETING_SPOT_NAME_MAX}
            {...field.name}
          />
          <TextField
            label={t('requests.adminSpots.address')}
            maxLength={MEETING_SPOT_ADDRESS_MAX}
            {...field.address}
          />
          <SpotPlaceField
            initialLabel={spot?.area ?? ''}
            onPick={pickPlace}
            error={form.formState.errors.placeId?.message}
          />
          <div className="grid grid-cols-2 gap-3">
            <TextField
              label={t('requests.adminSpots.latitude')}
              inputMode="decimal"
              {...field.lat}
            />
            <TextField
              label={t('requests.adminSpots.longitude')}
              inputMode="decimal"
              {...field.lon}
            />
          </div>
          <p className="text-sm text-base-content/80">{t('requests.adminSpots.pointHint')}</p>
          <TextField
            label={t('requests.adminSpots.hours')}
            maxLength={MEETING_SPOT_HOURS_MAX}
            placeholder={t('requests.adminSpots.hoursPlaceholder')}
            {...field.openingHours}
          />
          <FormField id={kindId} label={t('requests.adminSpots.kind')} error={kindError}>
            <select
              id={kindId}
              className={`select w-full ${kindError ? 'select-error' : ''}`}
              {...field.kindError}
              {...field.kind}
            >
              {MEETING_SPOT_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`requests.spotKind.${kind}`)}
                </option>
              ))}
            </select>
          </FormField>
        </Form>
      )}
    </ActionDialog>
  );
}

/** Removing a spot, after a word on what it does. */
function RemoveDialog({ spot, onClose }: { spot: MeetingSpot; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useRemoveMeetingSpot();
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <ActionDialog
      title={t('requests.adminSpots.removeTitle', { spot: spot.name })}
      onClose={onClose}
    >
      {(close) => (
        <div className="mt-4 space-y-4">
          <p className="text-sm wrap-anywhere">
            {t('requests.adminSpots.removeText', { spot: spot.name })}
          </p>
          {failure && (
            <p role="alert" className="text-sm text-error">
              {failure}
            </p>
          )}
          <button
            type="button"
            className="btn btn-error"
            disabled={remove.isPending}
            onClick={() =>
              void remove.mutateAsync(spot.id).then(
                () => {
                  toast.success(t('requests.adminSpots.removed', { spot: spot.name }));
                  close();
                },
                (error: unknown) => setFailure(describeError(error)),
              )
            }
          >
            {t('requests.adminSpots.removeSpot')}
          </button>
        </div>
      )}
    </ActionDialog>
  );
}

/** The button that opens the form for a new spot. */
export function AddSpotButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  return (
    <>
      <button
        type="button"
        className="btn btn-primary"
        disabled={!hydrated}
        onClick={() => setOpen(true)}
      >
        {t('requests.adminSpots.add')}
      </button>
      {open && <SpotDialog spot={null} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The listed spots by area, each with Change and Remove. */
export function AdminMeetingSpots({ spots }: { spots: MeetingSpot[] }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<MeetingSpot | null>(null);
  const [removing, setRemoving] = useState<MeetingSpot | null>(null);
  const hydrated = useHydrated();
  return (
    <>
      <SpotsByArea
        spots={spots}
        actions={(spot) => (
          <div className="flex gap-2">
            <button
              type="button"
              className="btn btn-sm"
              disabled={!hydrated}
              aria-label={t('requests.adminSpots.changeLabel', { spot: spot.name })}
              onClick={() => setEditing(spot)}
            >
              {t('requests.adminSpots.change')}
            </button>
            <button
              type="button"
              className="btn btn-sm btn-error btn-outline"
              disabled={!hydrated}
              aria-label={t('requests.adminSpots.removeLabel', { spot: spot.name })}
              onClick={() => setRemoving(spot)}
            >
              {t('requests.adminSpots.remove')}
            </button>
          </div>
        )}
      />
      {editing && <SpotDialog spot={editing} onClose={() => setEditing(null)} />}
      {removing && <RemoveDialog spot={removing} onClose={() => setRemoving(null)} />}
    </>
  );
}
