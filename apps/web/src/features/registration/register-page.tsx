import { useEffect, useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Group,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconCircleCheck } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  needsSignature,
  nextRegistrationStep,
  previousRegistrationStep,
  REGISTRATION_PLACEHOLDERS as P,
  registrationIssues,
  registrationRequest,
  registrationPath,
  type RegistrationStep,
} from '@portal/shared';
import {
  CommitteesField,
  emptyFacility,
  emptyRegistration,
  FacilitiesFields,
  PersonalFields,
  RolesField,
  SubscriptionsField,
  toRequest,
  type RegistrationValues,
} from '../../components/registration/registration-fields';
import { RegistrationSummary } from '../../components/registration/registration-summary';
import { openTermsModal } from '../../components/terms-of-use';
import { applyServerErrors, useSchemaForm } from '../../lib/form';
import { formatDate } from '../../lib/dates';
import { notifyFormError } from '../../lib/notify';
import { clearDraft, readDraft, writeDraft } from '../../lib/session-draft';
import { lookupFacility, useCommitteeNames, useRegister, useRegistrationCategories } from './api';

const FORM_ID = 'registration-wizard';
const STEPS: { step: RegistrationStep; label: string; description: string }[] = [
  { step: 1, label: 'Personal details', description: 'Roles and contact' },
  { step: 2, label: 'Facilities', description: 'Authorised Representative' },
  { step: 3, label: 'Committees', description: 'Committee Member' },
  { step: 4, label: 'Subscriptions', description: 'Publications' },
  { step: 5, label: 'Summary', description: 'Check and submit' },
];
const today = () => formatDate(new Date());

/** The tab's sessionStorage key of what the visitor has typed (lib/session-draft.ts). */
export const REGISTRATION_DRAFT_KEY = 'registration-draft';

function stepOf(raw: string | null): RegistrationStep {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= 5 ? (n as RegistrationStep) : 1;
}

/** The values typed before a reload, else a blank form; facility blocks get fresh keys for React. */
function initialValues(): RegistrationValues {
  const blank = { ...emptyRegistration(), signature: { accept: false, name: '', title: '', date: today() } };
  const draft = readDraft<Partial<RegistrationValues>>(REGISTRATION_DRAFT_KEY);
  if (!draft) return blank;
  const values = { ...blank, ...draft };
  return { ...values, facilities: (values.facilities ?? []).map((f) => ({ ...f, key: emptyFacility().key })) };
}

/** Where the wizard went to this step from: Back returns there through the browser's history. */
interface StepState {
  from?: RegistrationStep;
}

/**
 * /register: the five-step wizard of spec/02 (1 personal details, 2 facilities for AR, 3 committees
 * for CM, 4 subscriptions, 5 summary), walking the steps the roles chosen need (CM 1→3, TA 1→4, AR 2
 * then 3 if CM, else 4). Each step is checked with the shared rules before the next; the server
 * checks everything again.
 */
export default function RegisterPage() {
  // Each step is in the address (?step=3), so the browser's Back and Forward walk the steps.
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const step = stepOf(params.get('step'));
  const [done, setDone] = useState<string | null>(null);
  const [initial] = useState(initialValues);
  const form = useSchemaForm<RegistrationValues>(registrationRequest, {
    initialValues: initial,
    onValuesChange: (values) => writeDraft(REGISTRATION_DRAFT_KEY, values),
  });
  const register = useRegister();
  const committeeNames = useCommitteeNames();
  const categories = useRegistrationCategories();
  // On a phone the stepper shows its numbered marks only; the line above names the step.
  const compact = useMediaQuery('(max-width: 40em)');
  const values = form.getValues();
  const roles = values.roles;
  const path = registrationPath(roles);
  const goTo = (to: RegistrationStep, replace = false) =>
    void navigate({ search: to === 1 ? '' : `?step=${to}` }, { replace, state: { from: step } satisfies StepState });

  // A step opened by its address (a reload, a link, Forward) that the roles do not pass through, or
  // whose earlier steps are not complete, opens the first step still to do.
  useEffect(() => {
    if (done || step === 1) return;
    const before = path.slice(0, Math.max(0, path.indexOf(step)));
    const firstOpen = before.find((s) => registrationIssues(toRequest(form.getValues()), [s]).length > 0);
    if (!path.includes(step)) goTo(firstOpen ?? 1, true);
    else if (firstOpen !== undefined) goTo(firstOpen, true);
    // Judged when the step changes; typing on a step does not move the visitor.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step, done]);

  /** The step's rules: each error under its field, the first one also as the notice. */
  const check = (steps: RegistrationStep[]) => {
    const issues = registrationIssues(toRequest(form.getValues()), steps);
    form.clearErrors();
    if (issues.length === 0) return true;
    form.setErrors(Object.fromEntries(issues.map((i) => [i.path.join('.'), i.message])));
    notifyFormError(FORM_ID, issues[0]!.message);
    return false;
  };

  const next = () => {
    if (!check([step])) return;
    goTo(nextRegistrationStep(step, roles));
    window.scrollTo({ top: 0 });
  };

  const back = () => {
    const previous = previousRegistrationStep(step, roles);
    // Came here by Next: going back through history keeps Back and the browser's Back the same.
    if ((location.state as StepState | null)?.from === previous) void navigate(-1);
    else goTo(previous, true);
  };

  const submit = () => {
    if (!check([1, 2, 3, 4, 5])) return;
    register.mutate(toRequest(form.getValues()), {
      onSuccess: (res) => {
        clearDraft(REGISTRATION_DRAFT_KEY);
        setDone(res.message);
      },
      onError: (error) => {
        const rest = applyServerErrors(form, error);
        notifyFormError(FORM_ID, rest ?? error);
      },
    });
  };

  if (done) {
    return (
      <Card maw={720} mx="auto" w="100%">
        <Stack gap="md" align="flex-start">
          <Group gap="sm" wrap="nowrap">
            <IconCircleCheck size={28} color="var(--mantine-color-teal-7)" aria-hidden />
            <Title order={1} size="h3">
              Registration sent
            </Title>
          </Group>
          <Text role="status">{done}</Text>
          <Button component={Link} to="/login" leftSection={<IconArrowLeft size={16} aria-hidden />}>
            Back to Login
          </Button>
        </Stack>
      </Card>
    );
  }

  return (
    <Card maw={960} mx="auto" w="100%" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={4}>
            <Title order={1} size="h2">
              Registration
            </Title>
            <Text c="dimmed" size="sm">
              Step {path.indexOf(step) + 1} of {path.length}: {STEPS[step - 1]!.label}
            </Text>
          </Stack>
          <Anchor component={Link} to="/login" size="sm">
            Back to Login
          </Anchor>
        </Group>

        <Stepper active={step - 1} size="sm" allowNextStepsSelect={false} aria-label="Registration steps">
          {STEPS.map((s) => (
            <Stepper.Step
              key={s.step}
              label={compact ? undefined : s.label}
              description={compact ? undefined : path.includes(s.step) ? s.description : 'Not needed'}
              // With its label and description shown the step is named by them; on a phone only its
              // number shows, and the name says the rest.
              aria-label={
                compact ? `Step ${s.step}: ${s.label}${path.includes(s.step) ? '' : ' (not needed)'}` : undefined
              }
              color={path.includes(s.step) ? undefined : 'gray'}
              aria-current={s.step === step ? 'step' : undefined}
            />
          ))}
        </Stepper>

        {step === 1 && (
          <Stack gap="lg">
            <RolesField form={form} />
            <PersonalFields form={form} />
          </Stack>
        )}
        {step === 2 && (
          <Stack gap="sm">
            <Text size="sm">Enter the number of each facility you represent, then choose its sites.</Text>
            <FacilitiesFields
              form={form}
              onMessage={(m) => notifyFormError(FORM_ID, m)}
              lookupFacility={lookupFacility}
            />
          </Stack>
        )}
        {step === 3 && <CommitteesField form={form} names={committeeNames} />}
        {step === 4 && <SubscriptionsField form={form} categories={categories} />}
        {step === 5 && (
          <Stack gap="lg">
            <RegistrationSummary
              values={toRequest(values) as never}
              categories={categories.data?.data}
              showSignature={false}
            />
            {needsSignature(roles) && (
              <Stack gap="sm">
                <Title order={3} size="h5">
                  Terms and conditions
                </Title>
                <Alert variant="light" color="brand">
                  Please read the{' '}
                  <Anchor component="button" type="button" onClick={openTermsModal} inherit>
                    terms and conditions
                  </Anchor>{' '}
                  and sign below.
                </Alert>
                <Checkbox
                  label="I accept the terms and conditions"
                  {...form.getInputProps('signature.accept', { type: 'checkbox' })}
                />
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                  <TextInput
                    label={P.signatureName}
                    placeholder={P.signatureName}
                    required
                    {...form.getInputProps('signature.name')}
                  />
                  <TextInput
                    label={P.signatureTitle}
                    placeholder={P.signatureTitle}
                    required
                    {...form.getInputProps('signature.title')}
                  />
                  <TextInput
                    label={P.signatureDate}
                    placeholder="DD/MM/YYYY"
                    required
                    {...form.getInputProps('signature.date')}
                  />
                </SimpleGrid>
              </Stack>
            )}
          </Stack>
        )}

        <Group justify="space-between" mt="md">
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
            disabled={step === 1}
            onClick={back}
          >
            Back
          </Button>
          {step < 5 ? (
            <Button onClick={next}>Next</Button>
          ) : (
            <Button onClick={submit} loading={register.isPending}>
              Submit
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
