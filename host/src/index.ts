// An async boundary: shared singletons (react, @consig/shared, ...) are negotiated before any app code runs.
import('./bootstrap');
