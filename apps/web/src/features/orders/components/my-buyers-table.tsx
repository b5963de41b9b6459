import type { SellerBuyer } from '@market/shared';

/** Who booked the seller's products and where they want to meet. */
export function MyBuyersTable({ buyers }: { buyers: SellerBuyer[] }) {
  return (
    <div className="overflow-x-auto rounded-box border border-base-300">
      <table className="table">
        <thead className="text-base-content/80">
          <tr>
            <th scope="col">Buyer</th>
            <th scope="col">Email</th>
            <th scope="col">Phone</th>
            <th scope="col">Meeting location</th>
            <th scope="col">Product</th>
            <th scope="col">Date</th>
          </tr>
        </thead>
        <tbody>
          {buyers.map((buyer) => (
            <tr key={buyer._id}>
              <th scope="row" className="font-semibold">
                {buyer.name}
              </th>
              <td className="whitespace-nowrap">{buyer.email}</td>
              <td>
                <a className="link" href={`tel:${buyer.phone}`}>
                  {buyer.phone}
                </a>
              </td>
              <td>{buyer.location}</td>
              <td>{buyer.productName}</td>
              <td className="whitespace-nowrap">{buyer.date}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
