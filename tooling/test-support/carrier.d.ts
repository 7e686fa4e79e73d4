export * from '../../telephony/sipp/sipp';
