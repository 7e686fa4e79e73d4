#!/usr/bin/env node
// `npm run build`: production builds of the host and every remote (each deployable on its own).
import { buildApps, install } from './lib.mjs';

install();
buildApps();
