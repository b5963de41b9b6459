import type { User } from '@market/shared';

/** Buyers for the admin, numbered across pages. */
export function BuyersTable({
  buyers,
  firstNumber,
  isDeleting,
  onDelete,
}: {
  buyers: User[];
  firstNumber: number;
  isDeleting: (email: string) => boolean;
  onDelete: (email: string) => void;
}) {
  return (
    <div className="overflow-x-auto rounded-box border border-base-300">
      <table className="table">
        <thead className="text-base-content/80">
          <tr>
            <th scope="col">No</th>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Phone</th>
            <th scope="col">Delete</th>
          </tr>
        </thead>
        <tbody>
          {buyers.map((buyer, index) => (
            <tr key={buyer._id}>
              <td>{firstNumber + index}</td>
              <th scope="row" className="font-semibold">
                {buyer.name}
              </th>
              <td className="whitespace-nowrap">{buyer.email}</td>
              <td>{buyer.phone ?? ''}</td>
              <td>
                <button
                  type="button"
                  className="btn btn-xs btn-error"
                  aria-label={`Delete ${buyer.name}`}
                  disabled={isDeleting(buyer.email)}
                  onClick={() => onDelete(buyer.email)}
                >
                  Delete
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
