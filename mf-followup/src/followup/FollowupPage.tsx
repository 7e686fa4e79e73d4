import { useSession } from '@consig/shared';

export default function FollowupPage() {
  const { user } = useSession();
  return <div>Acompanhamentos {user?.DE_Pessoa}</div>;
}
