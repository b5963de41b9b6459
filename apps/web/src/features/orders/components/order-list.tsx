import { Link } from 'react-router';
import { formatPrice, type Booking } from '@market/shared';
import { paths } from '../../../config/paths.ts';

/** The buyer's orders; each keeps its own copy of the product, even after the product is gone. */
export function OrderList({ orders }: { orders: Booking[] }) {
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {orders.map((order) => (
        <li
          key={order._id}
          className="card card-side flex-col border border-base-300 bg-base-100 shadow-sm sm:flex-row"
        >
          <figure className="bg-base-200 p-3 sm:w-36 sm:shrink-0">
            <img
              src={order.imgURL}
              alt={order.productName}
              width={120}
              height={120}
              loading="lazy"
              className="h-28 w-28 object-contain"
            />
          </figure>
          <div className="card-body gap-1 p-4">
            <h2 className="card-title text-lg">{order.productName}</h2>
            <p className="text-lg font-semibold text-primary">{formatPrice(order.price)}</p>
            <p className="text-sm">Booked on {order.date}</p>
            <p className="text-sm">Meeting at {order.location}</p>
            <div className="card-actions mt-2 justify-end">
              {order.productAvailable ? (
                <Link to={paths.dashboard.checkout} className="btn btn-primary btn-sm">
                  Buy Now
                </Link>
              ) : (
                <span className="badge badge-neutral">No longer available</span>
              )}
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
