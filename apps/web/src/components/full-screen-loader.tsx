import { Box, Loader } from '@mantine/core';

/** The full-screen spinner of spec/01 2.2. */
export function FullScreenLoader() {
  return (
    <Box
      role="status"
      aria-live="polite"
      aria-label="Loading"
      pos="fixed"
      inset={0}
      style={{
        zIndex: 1000,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'rgba(255,255,255,0.7)',
      }}
    >
      <Loader size="lg" />
    </Box>
  );
}
