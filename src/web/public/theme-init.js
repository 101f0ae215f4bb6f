// Runs before the first paint so a dark-theme user never sees a white flash.
(function () {
  try {
    var stored = localStorage.getItem('fitforge.theme');
    var dark = stored === 'dark' || (stored !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
    var first = location.pathname.split('/').filter(Boolean)[0];
    if (first === 'zh' || first === 'en') document.documentElement.lang = first === 'zh' ? 'zh-CN' : 'en';
  } catch (e) {
    /* storage can be blocked; the app applies the theme again once it starts */
  }
})();
