// A page whose HTML the server rendered shows before the app's code has loaded. Its
// code is fetched once that first screen is on screen (the browser's first contentful
// paint): on a slow phone connection the page's scripts then do not hold back its first
// paint, nor share the connection with what it shows first.
// `data-entry`: the app's entry module; `data-preload`: the modules it and the page need.
//
// Until the app has drawn over the page (it then fires `easyfund:app-ready` on the
// document, src/main.tsx), what the visitor does there is kept and done again once it
// has: a tap on a button or a link, a form sent, text typed. A link still goes where it
// points if the app has not come after a few seconds.
(function () {
  var me = document.currentScript;
  var entry = me.getAttribute('data-entry');
  var preload = (me.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var root = document.getElementById('root');
  var ready = false;
  var actions = [];
  var typed = [];
  var CHOICE = 'input[type=checkbox], input[type=radio]';
  var TEXT_FIELD =
    'input:not([type=checkbox]):not([type=radio]):not([type=submit]):not([type=button]), textarea, select';

  /** The field's latest value (or checked state), to be set again and announced. */
  function keep(field, property) {
    typed = typed.filter(function (entry) {
      return entry[0] !== field;
    });
    typed.push([field, property, field[property]]);
  }
  function early(e) {
    return !ready && e.target instanceof Element && root.contains(e.target);
  }
  document.addEventListener(
    'click',
    function (e) {
      if (!early(e)) return;
      var el = e.target.closest('a[href], button, input, summary, [role=button]');
      // A text field takes focus, a check box or a radio button changes as it would
      // (kept below, from its change): nothing to do again.
      if (!el || el.matches(TEXT_FIELD) || el.matches(CHOICE)) return;
      e.preventDefault();
      actions.push(el);
    },
    true,
  );
  document.addEventListener(
    'submit',
    function (e) {
      if (!early(e)) return;
      e.preventDefault();
      actions.push(e.target);
    },
    true,
  );
  document.addEventListener(
    'input',
    function (e) {
      if (early(e) && e.target.matches(TEXT_FIELD)) keep(e.target, 'value');
    },
    true,
  );
  document.addEventListener(
    'change',
    function (e) {
      if (early(e) && e.target.matches(CHOICE)) keep(e.target, 'checked');
    },
    true,
  );

  // React notices a field's change by comparing its value with the one it last saw (set
  // through the field's own `value` / `checked` property, which React watches), and reads a
  // check box's or a radio button's change from a click.
  function redo(field, property, value) {
    if (property === 'checked') {
      field.checked = !value;
      field.click();
      return;
    }
    // A value React has not seen, then the visitor's past React's watch: an `input` (a
    // text field) or a `change` (a list box) is then a change to it.
    field.value = value + '\u0000';
    var own = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value');
    own.set.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    field.dispatchEvent(new Event('change', { bubbles: true }));
  }

  function replay() {
    ready = true;
    typed.forEach(function (entry) {
      if (entry[0].isConnected) redo(entry[0], entry[1], entry[2]);
    });
    typed = [];
    // The taps a task later: the app draws what the fields now say first (its renders
    // run after this task), so a Donate tapped after choosing 500 Tk goes with 500 Tk,
    // not with the amount the page was drawn with.
    var tapped = actions;
    actions = [];
    setTimeout(function () {
      tapped.forEach(function (el) {
        if (!el.isConnected) return;
        if (el.tagName === 'FORM') el.requestSubmit();
        else el.click();
      });
    });
  }
  document.addEventListener('easyfund:app-ready', replay, { once: true });
  // No app after a while (its code failed to load): links go where they point.
  setTimeout(function () {
    if (ready) return;
    ready = true;
    var link = actions.filter(function (el) {
      return el.tagName === 'A';
    })[0];
    if (link) window.location.assign(link.href);
  }, 10000);

  // Once the browser reports the page's first contentful paint, which it does when the
  // frame is on screen; a frame and a task later where it does not report paints. A tab
  // opened in the background paints no frames until it is shown: load at once there.
  function afterFirstPaint(next) {
    var done = false;
    function go() {
      if (done) return;
      done = true;
      setTimeout(next);
    }
    if (document.hidden) return go();
    var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
    if (!types || types.indexOf('paint') < 0) return requestAnimationFrame(go);
    var observer = new PerformanceObserver(function (list) {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      go();
    });
    observer.observe({ type: 'paint', buffered: true });
    // Should no paint be reported (nothing contentful), the code still comes.
    setTimeout(go, 1000);
  }
  afterFirstPaint(function () {
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
})();
