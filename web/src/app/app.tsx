import { BrowserRouter } from 'react-router-dom';
import { routeTable } from './router';
import { AppRoutes, toRouteObjects } from './routes';

const routes = toRouteObjects(routeTable);

export function App() {
  return (
    <BrowserRouter>
      <AppRoutes routes={routes} />
    </BrowserRouter>
  );
}
