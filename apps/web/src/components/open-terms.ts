/**
 * Opens the terms of use, loading their text and the modal code on the click: the sign-in screen's
 * first scripts stay small (bench/README.md "First route").
 */
export function openTermsLazily(): void {
  void import('./terms-of-use').then((m) => m.openTermsModal());
}
