// SIPp playing the carrier (telephony/sipp/sipp.js), for the browser tests: they reach the repository's
// telephony folder through this package, as they reach the launcher.
module.exports = require('../../telephony/sipp/sipp');
