/* global document, requestAnimationFrame, setTimeout */
// Starts the app once the server-rendered page is on screen (decision 084). The page is readable, and its links
// work, before any script runs; the app's modules load after the first paint so that on a slow link the page's
// stylesheet, fonts and images come first. A page the server could not render starts the app at once.
(function () {
  var boot = document.currentScript;
  var entry = boot && boot.getAttribute('data-entry');
  if (!entry) return;
  var modules = (boot.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var started = false;
  function start() {
    if (started) return;
    started = true;
    modules.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  var root = document.getElementById('root');
  if (!root || !root.firstElementChild) return start();
  // requestAnimationFrame runs just before the first frame; the timeout, just after it is painted. A tab opened
  // in the background paints no frames, so it starts after a second all the same.
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 1000);
})();
