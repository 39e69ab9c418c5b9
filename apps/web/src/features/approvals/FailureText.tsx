import { Text } from '@mantine/core';

/** Why the last save was refused, as the server said it; nothing when it was not. */
export function FailureText({ failure, mt }: { failure: string | null; mt?: string }) {
  if (!failure) return null;
  return (
    <Text c="red" size="sm" role="alert" mt={mt}>
      {failure}
    </Text>
  );
}
