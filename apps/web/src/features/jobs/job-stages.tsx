import { Card, Stepper, Text, VisuallyHidden, useMatches } from '@mantine/core';
import { JOB_STAGES, type JobStage } from '@portal/shared';

/** Steps are not buttons here: nothing happens on a click. */
const asDiv = { component: 'div' } as object;

/** The five-step indicator of spec/01 2.6, the current stage highlighted and the earlier ones done. */
export function JobStages({ stage }: { stage: JobStage }) {
  const current = Math.max(0, JOB_STAGES.indexOf(stage));
  const compact = useMatches({ base: true, sm: false });

  return (
    <Card component="section" aria-label="Job stage" py="md">
      <VisuallyHidden>
        Stage {current + 1} of {JOB_STAGES.length}: {JOB_STAGES[current]}
      </VisuallyHidden>
      <Stepper
        active={current}
        size="sm"
        iconSize={compact ? 30 : 34}
        styles={{ content: { display: 'none' } }}
        aria-hidden={compact || undefined}
      >
        {JOB_STAGES.map((name, index) => (
          <Stepper.Step
            key={name}
            {...asDiv}
            label={compact ? undefined : name}
            description={
              compact ? undefined : index < current ? 'Done' : index === current ? 'Current stage' : undefined
            }
            aria-current={index === current ? 'step' : undefined}
            data-stage={name}
            allowStepClick={false}
            allowStepSelect={false}
          />
        ))}
      </Stepper>
      {compact && (
        <Text size="sm" ta="center" mt="xs" aria-hidden>
          Stage {current + 1} of {JOB_STAGES.length}: <b>{JOB_STAGES[current]}</b>
        </Text>
      )}
    </Card>
  );
}
