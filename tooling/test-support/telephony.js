// Kamailio and rtpengine as the launcher starts them (telephony/kamailio.js, telephony/rtpengine.js), for the
// telephony benchmark (e2e/bench/telephonyTrunk.ts): it reaches the repository's telephony folder through this
// package, as the browser tests reach SIPp (carrier.js) and the launcher.
module.exports = { ...require('../../telephony/kamailio'), ...require('../../telephony/rtpengine') };
