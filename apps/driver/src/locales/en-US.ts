/** The driver app's texts in US English. */
import type { Messages } from './zh-CN.ts';

const enUS: Messages = {
  appName: 'Driver',
  login: { title: 'Driver sign-in', loginName: 'Login name', password: 'Password', submit: 'Sign in', required: 'Please enter your login name and password', revoked: 'Your session has ended; please sign in again', offline: 'You are offline; signing in needs the network' },
  tabs: { tasks: 'Tasks', outbox: 'Outbox', me: 'Me' },
  tasks: {
    title: 'My tasks', today: 'Today', upcoming: 'Upcoming', inProgress: 'In progress', empty: 'No tasks', refresh: 'Refresh', cached: 'Offline copy ({{time}})',
    accept: 'Accept', refuse: 'Refuse', accepted: 'Accepted', refused: 'Refused', reasonTitle: 'Reason for refusing', reasonPlaceholder: 'Why do you refuse this task?', reasonRequired: 'Please give a reason for refusing',
    confirm: 'OK', cancel: 'Cancel', waitingAnswer: 'Waiting for your answer', stops: 'Stops', map: 'Route map', navigate: 'Navigate', call: 'Call', timeWindow: 'Time window', goods: 'Goods', contact: 'Contact',
    load: 'Load', unload: 'Unload', epod: 'Proof of delivery', vehicle: 'Vehicle', etd: 'Departure', eta: 'Arrival', status: { EFFECTIVE: 'To depart', SHIPPED: 'In transit', COMPLETED: 'Completed' },
    tracking: 'Recording positions', trackingOff: 'Position recording is off', startTracking: 'Record positions', queued: 'Queued for sending',
    depart: 'Leave the stop', departed: 'Left at {{time}}',
  },
  epod: {
    title: 'Proof of delivery', scan: 'Scan the waybill barcode', scanning: 'Point the camera at the barcode', typed: 'or type the waybill number', confirm: 'Confirm', confirmed: 'Stop confirmed: {{code}}',
    foreign: '"{{code}}" is not a waybill of this stop; please check', noCamera: 'The camera is not available; please type the waybill number', needConfirm: 'Scan or type the waybill number to confirm the stop first',
    lines: 'Lines', shipped: 'Shipped {{n}}', signed: 'Signed', shortage: 'Shortage', damage: 'Damage', reason: 'Reason', reasonRequired: 'Choose a reason for the shortage or damage',
    reasons: { MISSING: 'Missing', SHORT_LOADED: 'Short-loaded', BROKEN: 'Broken', WET: 'Wet', CRUSHED: 'Crushed', OTHER: 'Other' },
    remark: 'Remarks', photos: 'Photos', addPhoto: 'Take or choose photos', signature: "Consignee's signature", clear: 'Clear', signHere: 'Sign here',
    needSignature: 'The consignee must sign', arrival: 'Arrival', departure: 'Departure', submit: 'Submit', saved: 'Saved; it will be sent when the network allows', overShipped: 'Signed plus shortage cannot exceed the shipped quantity',
    done: 'Delivered', status: { PENDING: 'Pending', REPORTED: 'Reported', REJECTED: 'Rejected', RECALLED: 'Recalled', AUDITED: 'Audited' }, notCached: 'This receipt is not on the phone yet; open the task once online',
  },
  check: {
    title: 'Vehicle check', hint: 'Check every item; for one that fails, say what is wrong and take a photo', notYet: 'Not checked yet', start: 'Start the check', again: 'Check again', allPass: 'All others pass', pass: 'Pass', fail: 'Fail',
    remark: 'What is wrong', addPhoto: 'Take a photo', overall: 'Remarks', submit: 'Submit the check', saved: 'Check saved; it will be sent when the network allows', unanswered: '{{n}} items not checked yet',
    notCached: 'The checklist is not on the phone yet; open the task once online', last: 'Last check: {{time}}', failedCount: '{{n}} failed', result: { PASS: 'Passed', FAIL: 'Failed' },
  },
  outbox: {
    title: 'Outbox', empty: 'Nothing waiting', waiting: 'Waiting', refused: 'Refused', sending: 'Sending', syncNow: 'Send now', online: 'Online', offline: 'Offline',
    remove: 'Remove', types: { accept: 'Accept', refuse: 'Refuse', epod: 'Proof of delivery', positions: '{{n}} positions', vehicleCheck: 'Vehicle check', depart: 'Departure' }, pending: '{{n}} waiting', progress: '{{done}}/{{total}} photos sent',
  },
  me: { title: 'Me', language: 'Language', signOut: 'Sign out', carrier: 'Carrier', mobile: 'Mobile', install: 'Add to home screen', version: 'Version',
    push: 'New-task notifications', pushHint: 'Be told on the phone when a task is assigned to you', pushUnsupported: 'This browser cannot show notifications; new tasks show when the list refreshes', pushDenied: 'Notifications are blocked; allow them in the browser settings', pushFailed: 'Could not turn notifications on: {{msg}}', pushUnavailable: "This phone's browser could not turn push on; new tasks show when the list refreshes" },
  common: { back: 'Back', less: '{{what}}: one less', more: '{{what}}: one more', loading: 'Loading…', networkError: 'No network; will retry automatically', saved: 'Saved' },
};
export default enUS;
