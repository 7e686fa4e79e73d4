import { createRoot } from 'react-dom/client';
import FollowupPage from './followup/FollowupPage';

createRoot(document.getElementById('root')!).render(<FollowupPage />);
