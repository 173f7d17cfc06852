import { Typography } from '@mantine/core';

/**
 * A post's body: the HTML the server sanitized with its allow-list (no script, style, event
 * handler or script URL can be in it), shown as it came. Nothing typed in the browser is shown
 * this way.
 */
export function PostBody({ html }: { html: string }) {
  return (
    <Typography>
      <div className="forum-post" dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
