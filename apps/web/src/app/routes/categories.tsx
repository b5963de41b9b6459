import { CategoryGrid } from '../../features/catalog/components/category-grid.tsx';

export function Component() {
  return (
    <section className="py-10">
      <h1 className="mb-2 text-3xl font-bold">Categories</h1>
      <p className="mb-8 text-base-content/80">Pick a brand to see the phones on offer.</p>
      <CategoryGrid />
    </section>
  );
}
