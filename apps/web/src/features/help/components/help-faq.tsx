import { Accordion, Paper, Stack, Text, Title } from '@mantine/core';

export type THelpQuestion = { id: string; question: string; answer: readonly string[] };

/** The FAQ of the Help page: questions that open one at a time. */
export function HelpFaq({ questions }: { questions: readonly THelpQuestion[] }) {
  return (
    <Paper component="section" aria-labelledby="help-faq" withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Title order={2} fz={20} id="help-faq">
          FAQ
        </Title>
        <Accordion variant="separated" radius="md">
          {questions.map((item) => (
            <Accordion.Item key={item.id} value={item.id}>
              <Accordion.Control>{item.question}</Accordion.Control>
              <Accordion.Panel>
                <Stack gap="xs">
                  {item.answer.map((paragraph) => (
                    <Text key={paragraph} size="sm">
                      {paragraph}
                    </Text>
                  ))}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Stack>
    </Paper>
  );
}
