/**
 * A press on a button of an edge-drawn view before its island is there (issue 9). The drawn buttons of a form are
 * plain buttons (nothing is sent natively: SubmitButton's `held`, StaffManagerView's add button); the press brings
 * the island (src/lib/edge-views.ts) and, once the island has taken the view over (`data-edge-live`, set by
 * src/lib/edge-view-mount.tsx after it carried the typed values over), the same button of the island is pressed:
 * the reader's "Save" is not lost to the loading of its code. The button is found by its test id and its rank among
 * the view's buttons with that id (a row's button in a list), and pressed once it is enabled (a submit button waits
 * for its island to run), within a few seconds, or not at all. No React here: this runs at start.
 */

const PRESS_WAIT_MS = 5_000;

interface Press {
  testId: string;
  rank: number;
}

const buttonsOf = (view: HTMLElement, testId: string) => [...view.querySelectorAll<HTMLButtonElement>(`button[data-testid="${CSS.escape(testId)}"]`)];

function pressWhenEnabled(view: HTMLElement, press: Press, since = Date.now()): void {
  const button = buttonsOf(view, press.testId)[press.rank];
  if (button && !button.disabled) {
    button.click();
    return;
  }
  if (Date.now() - since < PRESS_WAIT_MS) setTimeout(() => pressWhenEnabled(view, press, since), 50);
}

/**
 * Remembers the last button pressed in a drawn view until its island is there, then presses the island's (called by
 * registerViews for every view with controls). A button that was disabled when pressed did nothing, and is not kept.
 */
export function replayPress(view: HTMLElement): void {
  let press: Press | null = null;
  const onClick = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>("button[data-testid]") : null;
    if (!button || button.disabled || !view.contains(button) || view.hasAttribute("data-edge-live")) return;
    const testId = button.dataset.testid!;
    // The island renders off the page until it takes over: only the drawn buttons are in the view meanwhile.
    press = { testId, rank: buttonsOf(view, testId).indexOf(button) };
  };
  view.addEventListener("click", onClick, true);
  // Nor is a form of the view submitted natively meanwhile: the island sends it by fetch, or searches as typed (what
  // was typed is carried over), and a native submit would reload the page and lose it.
  const onSubmit = (event: Event) => {
    if (!view.hasAttribute("data-edge-live")) event.preventDefault();
  };
  view.addEventListener("submit", onSubmit, true);
  const observer = new MutationObserver(() => {
    if (!view.hasAttribute("data-edge-live")) return;
    observer.disconnect();
    view.removeEventListener("click", onClick, true);
    view.removeEventListener("submit", onSubmit, true);
    if (press) pressWhenEnabled(view, press);
  });
  observer.observe(view, { attributes: true, attributeFilter: ["data-edge-live"] });
}
