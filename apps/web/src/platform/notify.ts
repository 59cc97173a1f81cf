/** antd's static notification, loaded lazily by the HTTP client (keeps it out of the login page's code). */
export { notification } from 'antd';
