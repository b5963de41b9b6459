/* global document, window */
// The offline page's one button: open the address again, now that the connection may be back.
document.getElementById('retry')?.addEventListener('click', () => window.location.reload());
