import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';

/** The home page's opening banner: what the marketplace is for. */
export function Hero() {
  return (
    <section
      aria-labelledby="hero-heading"
      className="mt-6 grid items-center gap-8 overflow-hidden rounded-box bg-gradient-to-br from-primary to-teal-900 p-6 text-primary-content sm:p-10 md:grid-cols-2"
    >
      <div>
        <p className="mb-2 text-sm font-semibold uppercase tracking-widest">
          Used phones, fair prices
        </p>
        <h1 id="hero-heading" className="text-3xl font-extrabold leading-tight sm:text-5xl">
          Connecting buyers and sellers of used phones
        </h1>
        <p className="mt-4 max-w-prose text-lg">
          Sellers list the phone they no longer need; buyers near them book it and meet in person to
          check it before they pay. iPhone, Samsung, Xiaomi and realme, from verified sellers.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to={paths.categories} className="btn btn-secondary">
            Browse categories
          </Link>
          <Link
            to={paths.registration}
            className="btn btn-outline border-primary-content text-primary-content hover:bg-primary-content hover:text-primary"
          >
            Start selling
          </Link>
        </div>
      </div>
      <img
        src="/demo/iphone-1.webp"
        alt="A used iPhone ready for its next owner"
        width={600}
        height={600}
        fetchPriority="high"
        className="mx-auto aspect-square w-full max-w-sm rounded-box object-cover shadow-xl"
      />
    </section>
  );
}
