import { toast } from '../../../lib/toast.ts';
import { MESSAGES, formatPrice, type Product } from '@market/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { alertDeleted, confirmDelete } from '../../../lib/confirm.ts';
import { useAdvertiseProduct } from '../api/advertise-product.ts';
import { useDeleteProduct } from '../api/delete-product.ts';

function reportFailure(err: unknown) {
  console.error(err);
  toast.error(errorMessage(err));
}

/** The seller's products with the spec's columns; wide tables scroll inside their own box. */
export function MyProductsTable({ products }: { products: Product[] }) {
  const advertise = useAdvertiseProduct();
  const remove = useDeleteProduct();

  const onAdvertise = (product: Product) => {
    advertise.mutate(product._id, {
      onSuccess: () => toast.success(MESSAGES.advertisementAdded),
      onError: reportFailure,
    });
  };

  const onDelete = async (product: Product) => {
    if (!(await confirmDelete())) return;
    try {
      await remove.mutateAsync(product._id);
      await alertDeleted();
    } catch (err) {
      reportFailure(err);
    }
  };

  return (
    <div className="overflow-x-auto rounded-box border border-base-300">
      <table className="table">
        <thead className="text-base-content/80">
          <tr>
            <th scope="col">Category</th>
            <th scope="col">Product Name</th>
            <th scope="col">Price</th>
            <th scope="col">Email</th>
            <th scope="col">Make Advertise</th>
            <th scope="col">Location</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {products.map((product) => {
            const advertising = advertise.isPending && advertise.variables === product._id;
            const deleting = remove.isPending && remove.variables === product._id;
            return (
              <tr key={product._id}>
                <td>{product.Category}</td>
                <th scope="row" className="font-semibold">
                  {product.name}
                </th>
                <td>{formatPrice(product.resellPrice)}</td>
                <td className="whitespace-nowrap">{product.userEmail}</td>
                <td>
                  {product.available ? (
                    <span className="badge badge-success">Advertised</span>
                  ) : (
                    <button
                      type="button"
                      className="btn btn-xs btn-primary"
                      disabled={advertising}
                      onClick={() => onAdvertise(product)}
                      title="Advertise this product on the home page"
                    >
                      available
                    </button>
                  )}
                </td>
                <td>{product.location}</td>
                <td>
                  <button
                    type="button"
                    className="btn btn-xs btn-error"
                    disabled={deleting}
                    aria-label={`Delete ${product.name}`}
                    onClick={() => void onDelete(product)}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
