import type { ReactNode } from 'react';
import type { ProductStatus, User } from '@market/shared';
import { BookButton } from '../features/bookings/components/book-button.tsx';
import type { ProductMarks } from '../features/marks/api/get-marks.ts';
import { SignedOutHeart, WishlistHeart } from '../features/wishlist/components/wishlist-heart.tsx';

/** What every view of a phone (a card, the listing page) needs to know about it. */
interface ViewedProduct {
  _id: string;
  status: ProductStatus;
  userEmail: string;
}

export interface ViewerControls {
  wishlistControl?: ReactNode;
  action?: ReactNode;
}

/**
 * What a phone offers depends on who looks, the same on a card and on the listing page: a buyer
 * saves and books (their marks say what is saved, requested and reserved for them already);
 * someone signed out is led to log in; sellers and admins neither save nor book, and the
 * phone's own seller gets `ownListing` instead.
 */
export function viewerControls({
  product,
  viewer,
  marks,
  marksReady,
  onBook,
  logIn,
  ownListing,
}: {
  product: ViewedProduct;
  viewer: User | null;
  marks: ProductMarks | undefined;
  marksReady: boolean;
  onBook: () => void;
  logIn: () => void;
  ownListing: ReactNode;
}): ViewerControls {
  if (!viewer) {
    return {
      wishlistControl: <SignedOutHeart onLogIn={logIn} />,
      action: <BookButton booked={false} status={product.status} ready onBook={logIn} />,
    };
  }
  if (viewer.role === 'buyer') {
    return {
      wishlistControl: (
        <WishlistHeart
          productId={product._id}
          itemId={marks?.savedEntries.get(product._id)}
          ready={marksReady}
        />
      ),
      action: (
        <BookButton
          booked={marks?.booked.has(product._id) ?? false}
          reservedForYou={marks?.reserved.has(product._id) ?? false}
          status={product.status}
          ready={marksReady}
          onBook={onBook}
        />
      ),
    };
  }
  const own = product.userEmail.toLowerCase() === viewer.email.toLowerCase();
  return { action: own ? ownListing : undefined };
}
