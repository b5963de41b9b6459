import type { ReactNode } from 'react';
import type { ProductStatus, User } from '@market/shared';
import { isStandIn } from '../lib/session.ts';
import { BookButton } from '../features/bookings/components/book-button.tsx';
import type { ProductMarks } from '../features/marks/api/get-marks.ts';
import { AskSellerButton } from '../features/messages/components/ask-seller-button.tsx';
import { SignedOutHeart, WishlistHeart } from '../features/wishlist/components/wishlist-heart.tsx';

/** What every view of a phone (a card, the listing page) needs to know about it. */
interface ViewedProduct {
  _id: string;
  name: string;
  status: ProductStatus;
  sellerId: string;
}

export interface ViewerControls {
  wishlistControl?: ReactNode;
  action?: ReactNode;
}

/** A sold phone's seller takes no more questions about it. */
const askable = (product: ViewedProduct) => product.status !== 'sold';

/**
 * What a phone offers depends on who looks, the same on a card and on the listing page: a buyer
 * saves, books and asks the seller (their marks say what is saved, requested and reserved for
 * them already); someone signed out is led to log in; sellers and admins neither save, book nor
 * ask, and the phone's own seller gets `ownListing` instead.
 */
export function viewerControls({
  product,
  viewer,
  marks,
  marksReady,
  onBook,
  logIn,
  ownListing,
  sellerNote,
}: {
  product: ViewedProduct;
  viewer: User | null;
  marks: ProductMarks | undefined;
  marksReady: boolean;
  onBook: () => void;
  logIn: () => void;
  ownListing: ReactNode;
  /** Said to a seller in place of the buyer's actions on someone else's listing (why not). */
  sellerNote?: ReactNode;
}): ViewerControls {
  if (!viewer) {
    return {
      wishlistControl: <SignedOutHeart productName={product.name} onLogIn={logIn} />,
      action: (
        <>
          <BookButton booked={false} status={product.status} ready onBook={logIn} />
          {askable(product) && <AskSellerButton listing={product} onLogIn={logIn} />}
        </>
      ),
    };
  }
  // Until the page knows who the viewer is (it was drawn for everyone of their role), a buyer's
  // controls wait like they wait for the marks, and whose listing it is stays unsaid.
  const known = !isStandIn(viewer);
  if (viewer.role === 'buyer') {
    return {
      wishlistControl: (
        <WishlistHeart
          productId={product._id}
          productName={product.name}
          itemId={marks?.savedEntries.get(product._id)}
          ready={marksReady && known}
        />
      ),
      action: (
        <>
          <BookButton
            booked={marks?.booked.has(product._id) ?? false}
            reservedForYou={marks?.reserved.has(product._id) ?? false}
            status={product.status}
            ready={marksReady && known}
            onBook={onBook}
          />
          {askable(product) && <AskSellerButton listing={product} ready={known} />}
        </>
      ),
    };
  }
  const own = known && product.sellerId === viewer._id;
  if (own) return { action: ownListing };
  return { action: known && viewer.role === 'seller' ? sellerNote : undefined };
}
