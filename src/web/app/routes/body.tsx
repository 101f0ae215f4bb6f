import { BodyPage } from '#web/features/body/components/body-page';

export default function BodyRoute() {
  return <BodyPage />;
}
