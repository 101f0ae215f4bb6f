// Runs before the first paint so a dark-theme user never sees a white flash.
(() => {
  try {
    const stored = localStorage.getItem('fitforge.theme');
    const dark = stored === 'dark' || (stored !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
    const first = location.pathname.split('/').filter(Boolean)[0];
    if (first === 'zh' || first === 'en') document.documentElement.lang = first === 'zh' ? 'zh-CN' : 'en';
  } catch {
    /* storage can be blocked; the app applies the theme again once it starts */
  }
})();
