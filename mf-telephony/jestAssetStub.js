// What an imported asset file (a ringtone) is in unit tests: its URL, which tests never fetch.
module.exports = 'asset-stub.wav';
