import { Text } from '@mantine/core';

/** '12/255' under a text field, read out as it changes and red once the text is too long. */
export function CharacterCount({ length, max }: { length: number; max: number }) {
  return (
    <Text size="xs" c={length > max ? 'red.8' : 'dimmed'} ta="right" mt={4} aria-live="polite">
      {length}/{max}
    </Text>
  );
}
