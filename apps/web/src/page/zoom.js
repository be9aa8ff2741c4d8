// The page's own zoom for a projector: A− / A+ scale all type (the stylesheet sizes text in rem),
// remembered in this browser. App side, in the browser.

const STEPS = [0.85, 1, 1.15, 1.3, 1.5, 1.75, 2];

export function setUpZoom(smaller, larger, level) {
  const saved = STEPS.indexOf(Number(localStorage.getItem('kitchen-zoom') ?? '1'));
  let step = saved < 0 ? STEPS.indexOf(1) : saved;
  const apply = () => {
    const zoom = STEPS[step] ?? 1;
    document.documentElement.style.setProperty('--zoom', String(zoom));
    level.textContent = `${Math.round(zoom * 100)}%`;
    smaller.disabled = step === 0;
    larger.disabled = step === STEPS.length - 1;
    localStorage.setItem('kitchen-zoom', String(zoom));
  };
  smaller.addEventListener('click', () => {
    step = Math.max(0, step - 1);
    apply();
  });
  larger.addEventListener('click', () => {
    step = Math.min(STEPS.length - 1, step + 1);
    apply();
  });
  apply();
}
