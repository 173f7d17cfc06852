import { Card } from '@mantine/core';
import { ROUTES } from '@portal/shared';
import { PageTitle } from '../../components/page-title';
import { TermsOfUse } from '../../components/terms-of-use';

/** /terms-conditions */
export default function TermsPage() {
  return (
    <>
      <PageTitle title={ROUTES.termsConditions.title} />
      <Card maw={860}>
        <TermsOfUse />
      </Card>
    </>
  );
}
