import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { NewProduct } from '@market/shared';
import { api } from '../../../test/api-server.ts';
import { renderPage } from '../../../test/render.tsx';
import { updateProduct } from '../api/update-product.ts';
import { ProductForm } from './product-form.tsx';

/** A listing as its edit page starts the form with it. */
const listing: NewProduct = {
  name: 'iPhone 13 128GB',
  location: 'Dhaka, Gulshan',
  yearOfUse: 2022,
  originalPrice: 799,
  resellPrice: 450,
  Category: 'iPhone',
  condition: 'good',
  description: 'Battery at 88%, no scratches.',
  imgURL: '/demo/iphone-1.webp',
  photos: ['/demo/iphone-1.webp', '/demo/iphone-2.webp'],
  storageGb: 128,
  colour: 'Blue',
  batteryHealth: 88,
  networkLock: 'unlocked',
  activationLockOff: true,
  paidOff: false,
  included: ['box', 'charger'],
  warrantyUntil: null,
  model: 'iPhone 13',
};

/** The message the form shows under the field labelled `label`, or null. */
function errorOf(label: string): string | null {
  const field = screen.getByLabelText(label);
  const describedBy = field.getAttribute('aria-describedby');
  if (field.getAttribute('aria-invalid') !== 'true' || !describedBy) return null;
  return document.getElementById(describedBy)?.textContent ?? null;
}

/** The calls the form's helpers make while a listing is typed: no suggestion, no price. */
function serveHelpers() {
  api.use(
    http.get('/api/models', () => HttpResponse.json({ models: [] })),
    http.get('/api/price-median', () => HttpResponse.json(null)),
  );
}

describe('the product form', () => {
  it('shows what is missing and sends nothing', async () => {
    serveHelpers();
    const sent: NewProduct[] = [];
    renderPage(
      <ProductForm
        submitLabel="Add product"
        action="Adding the listing"
        onSubmit={async (product) => {
          sent.push(product);
        }}
      />,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Resell price ($)'), '900');
    await user.type(screen.getByLabelText('Original price ($)'), '800');
    await user.click(screen.getByRole('button', { name: 'Add product' }));

    await waitFor(() => expect(errorOf('Product name')).not.toBeNull());
    expect({
      name: errorOf('Product name'),
      location: errorOf('Location'),
      year: errorOf('Year of purchase'),
      category: errorOf('Category'),
      condition: errorOf('Condition'),
      originalPrice: errorOf('Original price ($)'),
      resellPrice: errorOf('Resell price ($)'),
      photos: errorOf('Photos'),
    }).toEqual({
      name: 'Product name is required',
      location: 'Location is required',
      year: 'Year of purchase must be a number',
      category: 'Category is required',
      condition: 'Condition is required',
      originalPrice: null,
      resellPrice: 'Resell price cannot be more than the original price',
      photos: 'Add at least one photo',
    });
    expect(sent).toEqual([]);
  });

  it('sends a changed price as the whole listing, the rest as it was', async () => {
    serveHelpers();
    const patches: unknown[] = [];
    api.use(
      http.patch('/api/my-products/:id', async ({ request, params }) => {
        patches.push({ id: params.id, body: await request.json() });
        return HttpResponse.json(
          { error: { code: 'INTERNAL', message: 'unused' } },
          { status: 500 },
        );
      }),
    );
    renderPage(
      <ProductForm
        initialValues={listing}
        imeiOnFile={false}
        submitLabel="Save changes"
        action="Saving the listing"
        onSubmit={async (product) => {
          await updateProduct('listing-1', product);
        }}
      />,
    );
    const user = userEvent.setup();
    // happy-dom does not show a starting choice that react-hook-form sets on a <select> (a
    // browser does): the seller's choices are made again, as they were.
    await user.selectOptions(screen.getByLabelText('Category'), 'iPhone');
    await user.selectOptions(screen.getByLabelText('Condition'), 'good');
    await user.selectOptions(screen.getByLabelText('Storage'), '128');
    const price = screen.getByLabelText('Resell price ($)');
    await user.clear(price);
    await user.type(price, '420.5');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toEqual({
      id: 'listing-1',
      body: {
        name: 'iPhone 13 128GB',
        location: 'Dhaka, Gulshan',
        // No note on the area: none is kept.
        locationNote: null,
        yearOfUse: 2022,
        originalPrice: 799,
        resellPrice: 420.5,
        Category: 'iPhone',
        condition: 'good',
        description: 'Battery at 88%, no scratches.',
        storageGb: 128,
        colour: 'Blue',
        batteryHealth: 88,
        networkLock: 'unlocked',
        activationLockOff: true,
        paidOff: false,
        included: ['box', 'charger'],
        warrantyUntil: null,
        model: 'iPhone 13',
        photos: ['/demo/iphone-1.webp', '/demo/iphone-2.webp'],
        imgURL: '/demo/iphone-1.webp',
      },
    });
    // The server failed: the form says so and keeps what was typed.
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Something went wrong on our side. Please try again.',
    );
    expect(screen.getByLabelText<HTMLInputElement>('Resell price ($)').value).toBe('420.5');
  });

  it('starts from what the seller stated, and sends what is changed', async () => {
    serveHelpers();
    const sent: NewProduct[] = [];
    renderPage(
      <ProductForm
        submitLabel="Save changes"
        action="Saving the listing"
        initialValues={{ ...listing, networkLock: 'Robi', paidOff: null }}
        onSubmit={async (product) => {
          sent.push(product);
        }}
      />,
    );
    const user = userEvent.setup();
    const radio = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name });
    expect(radio('Yes, signed out').checked).toBe(true);
    expect(radio('No, not yet').checked).toBe(false);
    // Not stated: neither answer is chosen.
    expect(radio('Yes, paid off').checked).toBe(false);
    expect(radio('No, still being paid').checked).toBe(false);
    expect(radio('Locked to a carrier').checked).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Carrier').value).toBe('Robi');

    await user.selectOptions(screen.getByLabelText('Category'), 'iPhone');
    await user.selectOptions(screen.getByLabelText('Condition'), 'good');
    await user.selectOptions(screen.getByLabelText('Storage'), '128');
    await user.click(radio('No, not yet'));
    await user.click(radio('No, still being paid'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      networkLock: 'Robi',
      activationLockOff: false,
      paidOff: false,
    });
  });
});
