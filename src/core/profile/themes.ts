// Apart from the schemas so the web app can apply a theme without loading the validation library.
export const THEMES = ['system', 'light', 'dark'] as const;
