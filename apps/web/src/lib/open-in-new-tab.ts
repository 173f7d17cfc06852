/**
 * Opens a link the server gives only after a call (a signed link to a PDF) in a new tab. The tab is
 * opened at once, while the click still counts as the user's (a tab opened after an await is
 * blocked by pop-up blockers), and sent to the link when it arrives; closed if the call fails.
 */
export async function openInNewTab(link: () => Promise<string>): Promise<void> {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  try {
    const url = await link();
    if (tab) tab.location.href = url;
    else window.open(url, '_blank', 'noopener');
  } catch (error) {
    tab?.close();
    throw error;
  }
}
