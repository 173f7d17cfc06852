import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { REGISTRATION_MESSAGES as M, type UserRequestDecision } from '@portal/shared';
import { notifyError } from '../../lib/notify';
import { useDecideRequest } from './api';

export type DecisionStep = null | 'approve' | 'approved' | 'reject' | 'reject-confirm' | 'rejected';

/**
 * A decision on request `id`, one way for both request pages: the modals' step, the server's
 * answer once decided, and `run` sending a decision and moving to `done` (an error closes the
 * modals and is shown: `failure` in place of the server's message where the spec gives one).
 */
export function useDecision(id: number, failure?: string) {
  const decide = useDecideRequest();
  const [step, setStep] = useState<DecisionStep>(null);
  const [result, setResult] = useState<string | null>(null);
  const run = (body: UserRequestDecision, done: DecisionStep) =>
    decide.mutate(
      { id, body },
      {
        onSuccess: (res) => {
          setResult(res.message);
          setStep(done);
        },
        onError: (error) => {
          setStep(null);
          notifyError(failure ?? error);
        },
      },
    );
  return { step, setStep, result, run, pending: decide.isPending };
}

/**
 * The approve and reject modals of spec/02 section 4: approve asks "Are you sure you want to
 * approve {name}'s ...?" ('Yes, Approve') then says it is done ('Got it'); reject takes a reason,
 * restates it and asks 'Are you sure you want to continue?' ('Yes, continue'). Closing a finished
 * decision goes to outstanding activities (`onFinished`).
 */
export function DecisionModals({
  step,
  setStep,
  what,
  name,
  pending,
  result,
  onApprove,
  onReject,
  onFinished,
}: {
  step: DecisionStep;
  setStep: (s: DecisionStep) => void;
  /** 'profile change' or 'registration'. */
  what: string;
  name: string;
  pending: boolean;
  /** The server's message once decided. */
  result: string | null;
  onApprove: () => void;
  onReject: (reason: string) => void;
  onFinished: () => void;
}) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const close = () => {
    setReason('');
    setTouched(false);
    setStep(null);
  };
  const finish = () => {
    close();
    onFinished();
  };
  const reasonError = touched && !reason.trim() ? M.rejectReasonRequired : null;

  return (
    <>
      <Modal opened={step === 'approve'} onClose={close} title="Approve" centered>
        <Stack gap="md">
          <Text>
            {what === 'profile change'
              ? M.approveProfileConfirm(name)
              : `Are you sure you want to approve ${name}'s ${what}?`}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={pending}>
              Cancel
            </Button>
            <Button onClick={onApprove} loading={pending}>
              {M.yesApprove}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={step === 'approved' || step === 'rejected'}
        onClose={finish}
        title={step === 'approved' ? 'Approved' : 'Rejected'}
        centered
      >
        <Stack gap="md">
          <Text role="status">{result}</Text>
          <Group justify="flex-end">
            <Button onClick={finish}>{M.gotIt}</Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={step === 'reject'} onClose={close} title="Reject" centered>
        <Stack gap="md">
          <Textarea
            label="Reason for rejecting"
            description={`The reason is sent to ${name}.`}
            required
            rows={4}
            value={reason}
            error={reasonError}
            onChange={(e) => setReason(e.currentTarget.value)}
            onBlur={() => setTouched(true)}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              color="red"
              onClick={() => {
                setTouched(true);
                if (reason.trim()) setStep('reject-confirm');
              }}
            >
              Reject
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={step === 'reject-confirm'} onClose={close} title="Reject" centered>
        <Stack gap="md">
          <Text>
            You are rejecting {name}'s {what} for this reason:
          </Text>
          <Text fs="italic" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {reason}
          </Text>
          <Text>{M.continueConfirm}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setStep('reject')} disabled={pending}>
              Back
            </Button>
            <Button color="red" onClick={() => onReject(reason.trim())} loading={pending}>
              {M.yesContinue}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
