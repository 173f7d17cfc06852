/** Whether a request's URL (path and query) is a call to the API rather than a file or page of the web app. */
export const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
