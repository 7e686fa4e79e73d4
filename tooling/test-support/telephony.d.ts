export * from '../../telephony/kamailio';
export * from '../../telephony/rtpengine';
