import { Link, type LoaderFunctionArgs } from 'react-router';
import { paths } from '../../config/paths.ts';
import { queryClientContext } from '../../lib/query-client.ts';
import { appConfigQueryOptions, useAppConfig } from '../../features/auth/api/get-app-config.ts';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { SupportAddress } from '../../components/layout/support-address.tsx';

/** The support address is known before the page shows. */
export async function loader({ context }: LoaderFunctionArgs) {
  const queryClient = context.get(queryClientContext);
  await queryClient.prefetchQuery(appConfigQueryOptions);
  return null;
}

/** Help and contact: where to write, and the answers to what people most often get stuck on. */
export function Component() {
  const supportEmail = useAppConfig().data?.supportEmail ?? null;
  return (
    <section className="mx-auto max-w-3xl py-10">
      <PageTitle page="Help and contact" />
      <h1 className="mb-6 text-3xl font-bold">Help and contact</h1>
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-3">
          <h2 className="card-title">Write to support</h2>
          <SupportAddress supportEmail={supportEmail} />
        </div>
      </div>
      <dl className="mt-8 space-y-6">
        <div>
          <dt className="font-semibold">My account is suspended</dt>
          <dd className="mt-1">
            A moderator suspended it, and the log-in page says why. If you think it is a mistake,
            write to support from the address of your account: an admin reads it and can restore the
            account.
          </dd>
        </div>
        <div>
          <dt className="font-semibold">Why do I need an account to see the phones?</dt>
          <dd className="mt-1">
            Category lists and search results are for members; a phone’s own page and its seller’s
            profile are open to everyone.{' '}
            <Link to={paths.registration} className="link link-primary">
              Create a free account
            </Link>{' '}
            to see every phone.
          </dd>
        </div>
        <div>
          <dt className="font-semibold">How does buying work?</dt>
          <dd className="mt-1">
            “Booked Now” sends the seller a request; they have 72 hours to answer. Once they accept,
            you meet in person, check the phone, pay there and give the seller your hand-over code.
            Follow it all in My Orders.
          </dd>
        </div>
        <div>
          <dt className="font-semibold">My phone was stolen</dt>
          <dd className="mt-1">
            <Link to={paths.dashboard.stolenPhones} className="link link-primary">
              Report it with its IMEI
            </Link>
            : any listing of it here waits for a moderator, and a recent sale of it here is looked
            into. We never say whether it is listed. Report it to the police and your carrier too.
          </dd>
        </div>
        <div>
          <dt className="font-semibold">Something or someone looks wrong</dt>
          <dd className="mt-1">
            Use “Report” on the listing, the seller’s profile or the conversation: a moderator looks
            at every report.
          </dd>
        </div>
      </dl>
    </section>
  );
}
