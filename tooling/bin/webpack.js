#!/usr/bin/env node
// webpack-cli from the one build package, so an app declares @consig/tooling and nothing else to build.
require('webpack-cli/bin/cli.js');
