// A page whose HTML the server rendered shows before the app's code has loaded. Its
// code is fetched once that first screen is painted (the frame, then a task after it):
// on a slow phone connection the page's scripts then do not hold back its first paint.
// `data-entry`: the app's entry module; `data-preload`: the modules it and the page need.
(function () {
  var me = document.currentScript;
  var entry = me.getAttribute('data-entry');
  var preload = (me.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  // A tab opened in the background paints no frames until it is shown: load at once there.
  var afterPaint = document.hidden
    ? function (next) {
        next();
      }
    : function (next) {
        requestAnimationFrame(next);
      };
  afterPaint(function () {
    setTimeout(function () {
      preload.forEach(function (href) {
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
    });
  });
})();
