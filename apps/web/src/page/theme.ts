// Dark and light: the page follows the system's setting (prefers-color-scheme, in style.css)
// until the switch picks one; the choice is kept in this browser. App side, in the browser.

/** system: follow the system's setting. */
export type Theme = 'system' | 'dark' | 'light';

const THEMES: Theme[] = ['system', 'dark', 'light'];
const WORDS: Record<Theme, string> = { system: '◐ system', dark: '☾ dark', light: '☀ light' };

/** Each press goes system → dark → light → system. */
export function setUpThemeSwitch(button: HTMLButtonElement): void {
  const saved = localStorage.getItem('kitchen-theme');
  let theme: Theme = THEMES.find((candidate) => candidate === saved) ?? 'system';
  const apply = () => {
    if (theme === 'system') delete document.documentElement.dataset['theme'];
    else document.documentElement.dataset['theme'] = theme;
    button.textContent = WORDS[theme];
    button.setAttribute('aria-label', `Colours: ${theme === 'system' ? "the system's" : theme}; press to change`);
    localStorage.setItem('kitchen-theme', theme);
  };
  button.addEventListener('click', () => {
    theme = THEMES[(THEMES.indexOf(theme) + 1) % THEMES.length] ?? 'system';
    apply();
  });
  apply();
}
