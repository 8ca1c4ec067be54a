import { ErrorState, ListSkeleton } from '../../components/list-states';
import { WhiteGloveForm } from './white-glove-form';
import { WhiteGloveRequestCard } from './white-glove-request-card';
import { useWhiteGloveRequests } from './white-glove-api';

/** The client dashboard's White Glove tab: the request form, then 'Your Requests' once there are any. */
export function WhiteGloveTab({ onHire }: { onHire: (creatorId: string) => void }) {
  const requests = useWhiteGloveRequests();
  return (
    <div className="grid gap-10">
      <WhiteGloveForm />
      {requests.isPending ? (
        <ListSkeleton rows={2} />
      ) : requests.isError ? (
        <ErrorState message="Your requests could not be loaded." onRetry={() => void requests.refetch()} />
      ) : requests.data.length > 0 ? (
        <section aria-labelledby="white-glove-requests-heading" className="grid gap-4">
          <h2 id="white-glove-requests-heading" className="font-serif text-2xl">
            Your Requests
          </h2>
          <ul className="grid gap-4">
            {requests.data.map((request) => (
              <li key={request.id}>
                <WhiteGloveRequestCard request={request} onHire={onHire} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
