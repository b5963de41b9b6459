/** Search is not ready yet on a server that has just started: a calm note, asked again soon. */
export function SearchStarting() {
  return (
    <div role="status" className="alert alert-info alert-soft my-6 flex items-start gap-3">
      <span className="loading loading-spinner loading-sm mt-0.5" aria-hidden="true" />
      <div>
        <p className="font-semibold">Search is starting</p>
        <p className="text-sm">
          Search is getting ready. Your results will appear here in a few seconds.
        </p>
      </div>
    </div>
  );
}
