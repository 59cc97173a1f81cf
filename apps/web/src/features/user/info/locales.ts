/** Texts of the user layout's footer pages: help, privacy, terms (top-level key `userInfo`). */

const zhCN = {
  userInfo: {
    back: '返回登录',
    help: {
      title: '帮助',
      intro: '登录和使用运输管理系统时常见问题的说明。',
      sections: {
        signIn: {
          heading: '如何登录',
          body: '输入管理员为您开设的用户名和密码，然后按住滑块，把拼图块拖到图片中的缺口处再松开。拼图块需对准缺口；每张图片只能使用一次，两分钟后失效，验证失败时会自动换一张新图片。',
        },
        failures: {
          heading: '登录失败与账号锁定',
          body: '用户名或密码错误时页面会给出提示。15 分钟内同一账号连续失败 5 次后，该账号会被暂时锁定 15 分钟；停用的账号无法登录，请联系管理员。',
        },
        password: {
          heading: '忘记密码',
          body: '在登录页点击“忘记密码”，通过账号绑定的手机号接收短信验证码并设置新密码；也可以请管理员为您重置密码。新密码长度为 6 到 16 位。',
        },
        register: {
          heading: '注册账号',
          body: '在系统开放自助注册时，可在登录页点击“注册账户”。注册后的账号需由管理员启用并分配角色和调度中心后才能登录使用。',
        },
        session: {
          heading: '登录有效期与退出',
          body: '每次登录的有效期为 12 小时。点击右上角的用户名并选择“退出登录”会立即在服务器上结束本次登录；在公用电脑上使用后请务必退出。',
        },
        language: {
          heading: '切换语言',
          body: '在本页右上角或登录后页头的语言菜单中可以切换简体中文和英文，切换后界面立即更新，无需重新登录。',
        },
        support: {
          heading: '获取帮助',
          body: '菜单、按钮权限和可操作的调度中心由管理员分配。看不到需要的功能或数据时，请联系您所在单位的系统管理员。',
        },
      },
    },
    privacy: {
      title: '隐私说明',
      intro: '本系统由您所在单位部署和管理，下面说明系统会记录哪些与您有关的信息以及如何使用。',
      sections: {
        account: {
          heading: '账号信息',
          body: '系统保存您的用户名、昵称、邮箱、手机号、所属部门、角色和可操作的调度中心，用于登录、权限控制和业务处理。',
        },
        logs: {
          heading: '登录与操作记录',
          body: '每次登录和退出都会记录时间、IP 地址、浏览器、操作系统和结果；您在系统中进行的每一项修改都会写入操作日志，其中的密码、令牌等敏感内容会被屏蔽。这些记录仅供有相应权限的管理员用于安全审计。',
        },
        passwords: {
          heading: '密码',
          body: '密码只以不可逆的加密摘要（argon2id）保存，任何人（包括管理员）都无法查看您的密码。',
        },
        browser: {
          heading: '浏览器中保存的数据',
          body: '登录令牌保存在 Cookie 和浏览器本地存储中，界面语言保存在名为 lang 的 Cookie 中，布局和主题设置保存在本地存储中。系统不使用任何广告或第三方跟踪 Cookie。',
        },
        thirdParty: {
          heading: '第三方服务',
          body: '地图页面会从管理员配置的地图瓦片服务器（默认为 OpenStreetMap）加载地图图片，该服务器因此可以看到您的 IP 地址。除此之外，数据只保存在您单位的服务器上。',
        },
        contact: {
          heading: '更正与删除',
          body: '您可以在“个人设置”中修改自己的昵称、邮箱和手机号；如需更正或删除其他信息，请联系系统管理员。',
        },
      },
    },
    terms: {
      title: '使用条款',
      intro: '使用本系统即表示您同意遵守以下条款以及您所在单位的相关规定。',
      sections: {
        purpose: {
          heading: '用途',
          body: '本系统用于您所在单位的运输管理业务，仅可用于管理员分配给您的工作。',
        },
        account: {
          heading: '账号安全',
          body: '账号仅限本人使用，请妥善保管密码，不要与他人共用。通过您的账号进行的所有操作都会被记录，并由您负责。发现账号异常时请立即修改密码并通知管理员。',
        },
        data: {
          heading: '业务数据保密',
          body: '订单、运单、客户、司机和车辆等业务数据属于单位的保密信息。请仅在工作需要的范围内查看和导出，并遵守单位的数据管理制度和相关法律法规。',
        },
        conduct: {
          heading: '禁止行为',
          body: '不得尝试访问权限以外的数据、绕过安全措施或干扰系统运行。与其他系统对接请使用管理员开设的接口客户端，不得使用脚本模拟人工登录。',
        },
        availability: {
          heading: '服务可用性',
          body: '系统由您所在单位按现状提供，维护和升级期间可能暂时无法使用。',
        },
        changes: {
          heading: '条款变更',
          body: '条款可能随系统和单位规定的调整而更新，以本页显示的版本为准。',
        },
      },
    },
  },
};

const enUS: typeof zhCN = {
  userInfo: {
    back: 'Back to sign-in',
    help: {
      title: 'Help',
      intro: 'Answers to the usual questions about signing in to and using the transport management system.',
      sections: {
        signIn: {
          heading: 'Signing in',
          body: 'Enter the user name and password your administrator gave you, then hold the slider and drag the puzzle piece into the gap of the picture before letting go. The piece has to meet the gap; each picture can be used once and expires after two minutes, and a failed check shows a new one.',
        },
        failures: {
          heading: 'Failed sign-ins and locked accounts',
          body: 'A wrong user name or password is reported on the page. After 5 failed attempts for one account within 15 minutes, the account is locked for 15 minutes. A disabled account cannot sign in: ask your administrator.',
        },
        password: {
          heading: 'Forgotten password',
          body: 'Choose "Forgot password" on the sign-in page to set a new password with an SMS code sent to the mobile number of your account, or ask your administrator to reset it. A password has 6 to 16 characters.',
        },
        register: {
          heading: 'Registering an account',
          body: 'When self-registration is open, choose "Register an account" on the sign-in page. An administrator enables a new account and assigns its roles and dispatch centers before it can sign in.',
        },
        session: {
          heading: 'How long a sign-in lasts',
          body: 'A sign-in lasts 12 hours. Choosing "Log out" in the menu under your name at the top right ends it on the server at once; always log out on a shared computer.',
        },
        language: {
          heading: 'Changing the language',
          body: 'The language menu at the top right of this page, and in the header once signed in, switches between Simplified Chinese and English at once, without signing in again.',
        },
        support: {
          heading: 'Getting help',
          body: 'Your administrator assigns the menus, buttons and dispatch centers you can use. If a function or data you need is missing, contact the system administrator of your organization.',
        },
      },
    },
    privacy: {
      title: 'Privacy',
      intro: 'Your organization runs and manages this system. This page explains what it records about you and how that is used.',
      sections: {
        account: {
          heading: 'Account details',
          body: 'The system keeps your user name, nickname, e-mail address, mobile number, department, roles and dispatch centers, to sign you in, to control access and for the business processes.',
        },
        logs: {
          heading: 'Sign-in and operation records',
          body: 'Every sign-in and log-out is recorded with its time, IP address, browser, operating system and result; every change you make is written to the operation log, with passwords, tokens and other secrets masked. Only administrators with the matching permission see these records, for security audits.',
        },
        passwords: {
          heading: 'Passwords',
          body: 'Passwords are stored only as one-way hashes (argon2id): nobody, administrators included, can read your password.',
        },
        browser: {
          heading: 'Data kept in your browser',
          body: 'The sign-in token is kept in a cookie and in the browser\'s local storage, the interface language in a cookie named lang, and the layout and theme settings in local storage. The system uses no advertising or third-party tracking cookies.',
        },
        thirdParty: {
          heading: 'Third-party services',
          body: 'Map screens load map images from the tile server your administrator configured (OpenStreetMap by default), which therefore sees your IP address. Apart from that, the data stays on your organization\'s server.',
        },
        contact: {
          heading: 'Corrections and removal',
          body: 'You can change your nickname, e-mail address and mobile number in the account settings; for anything else to be corrected or removed, contact the system administrator.',
        },
      },
    },
    terms: {
      title: 'Terms of use',
      intro: 'By using this system you agree to the terms below and to the rules of your organization.',
      sections: {
        purpose: {
          heading: 'Purpose',
          body: 'The system serves the transport management of your organization. Use it only for the work your administrator assigned to you.',
        },
        account: {
          heading: 'Account security',
          body: 'Your account is personal: keep the password secret and never share it. Everything done through your account is recorded and is your responsibility. If something looks wrong, change your password at once and tell your administrator.',
        },
        data: {
          heading: 'Confidential business data',
          body: 'Orders, waybills, customers, drivers, vehicles and the other business data are confidential information of your organization. View and export them only as far as your work needs, following your organization\'s data rules and the applicable law.',
        },
        conduct: {
          heading: 'What is not allowed',
          body: 'Do not try to reach data outside your permissions, to get around security measures or to disturb the system. Connect other systems through the API clients your administrator sets up, never by scripts imitating a person signing in.',
        },
        availability: {
          heading: 'Availability',
          body: 'Your organization provides the system as it is; it may be unavailable for a while during maintenance and upgrades.',
        },
        changes: {
          heading: 'Changes',
          body: 'These terms may change with the system and your organization\'s rules; the version on this page applies.',
        },
      },
    },
  },
};

export default { 'zh-CN': zhCN, 'en-US': enUS };
