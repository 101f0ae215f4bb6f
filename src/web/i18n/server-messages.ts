import { PASSWORD_MESSAGES } from '../../core/auth/schemas';
import { ERROR_CODES } from '../../core/errors/catalogue';
import type { Locale } from '../lib/locale';

/**
 * The server (and the shared zod schemas) speak English. This is the one map from those English messages to Chinese;
 * a message it does not know is shown as it is.
 */
const ZH: Record<string, string> = {
  // Validation messages of the shared schemas (src/core).
  'Invalid email format': '邮箱格式不正确',
  [PASSWORD_MESSAGES.min]: '密码至少需要 8 个字符',
  [PASSWORD_MESSAGES.max]: '密码最多 128 个字符',
  [PASSWORD_MESSAGES.uppercase]: '密码必须包含至少一个大写字母',
  [PASSWORD_MESSAGES.lowercase]: '密码必须包含至少一个小写字母',
  [PASSWORD_MESSAGES.number]: '密码必须包含至少一个数字',
  'Password is required': '请输入密码',
  'Name is required': '请输入姓名',
  'Name must be at most 100 characters': '姓名最多 100 个字符',
  'The reset link is invalid': '重置链接无效',
  'Invalid ID format': 'ID 格式不正确',
  'Locale must be en or zh': '语言必须是 en 或 zh',
  'Page must be greater than 0': '页码必须大于 0',
  'Limit must be between 1 and 100': '每页数量必须在 1 到 100 之间',
  'Unknown time zone': '未知的时区',
  'Units must be metric or imperial': '单位必须是公制或英制',
  'Theme must be system, light or dark': '主题必须是跟随系统、浅色或深色',
  'Sex must be female or male': '性别必须是女或男',
  'Birth year must be a number': '出生年份必须是数字',
  'Birth year must be a whole number': '出生年份必须是整数',
  'Birth year is out of range': '出生年份超出范围',
  'You must be at least 13 years old': '您必须年满 13 岁',
  'Height must be a number': '身高必须是数字',
  'Height must be between 100 and 250 cm': '身高必须在 100 到 250 厘米之间',
  'Weight must be a number': '体重必须是数字',
  'Weight must be between 30 and 300 kg': '体重必须在 30 到 300 公斤之间',
  'Unknown activity level': '未知的活动水平',
  'Must be true or false': '必须是“是”或“否”',
  'Unknown goal': '未知的目标',
  'Choose at most 3 goals': '最多选择 3 个目标',
  'Each goal may be chosen once': '每个目标只能选择一次',
  'Unknown fitness level': '未知的健身水平',
  'Unknown equipment': '未知的器械',
  'Each piece of equipment may be chosen once': '每种器械只能选择一次',
  'Workouts per week must be a number': '每周训练次数必须是数字',
  'Workouts per week must be a whole number': '每周训练次数必须是整数',
  'Workouts per week must be between 1 and 7': '每周训练次数必须在 1 到 7 之间',
  'Display name must be 2 to 40 characters': '显示名称必须为 2 到 40 个字符',
  'Bio must be at most 280 characters': '个人简介最多 280 个字符',
  'Nothing to update': '没有需要更新的内容',
  'Start date must be before end date': '开始日期必须早于结束日期',
  'End date cannot be in the future': '结束日期不能晚于今天',

  // The error catalogue and the spec's user-facing messages.
  [ERROR_CODES.UNAUTHORIZED.message]: '请先登录',
  [ERROR_CODES.FORBIDDEN.message]: '您无权访问此资源',
  [ERROR_CODES.VALIDATION_ERROR.message]: '输入校验未通过',
  [ERROR_CODES.NOT_FOUND.message]: '未找到请求的资源',
  [ERROR_CODES.EXTERNAL_SERVICE_ERROR.message]: '第三方服务暂时不可用',
  [ERROR_CODES.RATE_LIMIT_EXCEEDED.message]: '请求过于频繁，请稍后再试',
  [ERROR_CODES.INTERNAL_ERROR.message]: '出了点问题，请稍后再试',
  [ERROR_CODES.NETWORK_ERROR.message]: '网络连接异常，请检查您的网络',
  [ERROR_CODES.UNKNOWN_ERROR.message]: '发生未知错误',
  [ERROR_CODES.INVALID_CREDENTIALS.message]: '邮箱或密码错误',
  [ERROR_CODES.TOKEN_EXPIRED.message]: '链接或验证码已过期',
  [ERROR_CODES.INVALID_INPUT.message]: '请检查您的输入后重试',
  [ERROR_CODES.ALREADY_EXISTS.message]: '该内容已存在',
  [ERROR_CODES.RESOURCE_LOCKED.message]: '该资源已被锁定',
  [ERROR_CODES.LIMIT_EXCEEDED.message]: '您已达到使用上限',
  [ERROR_CODES.SUBSCRIPTION_REQUIRED.message]: '此功能需要订阅',
  [ERROR_CODES.OPERATION_NOT_ALLOWED.message]: '不允许此操作',
  [ERROR_CODES.TIMEOUT_ERROR.message]: '请求超时，请重试',
  [ERROR_CODES.PAYLOAD_TOO_LARGE.message]: '请求内容过大',
  'Authentication required': '需要登录',
  'Access forbidden': '禁止访问',
  'Too many requests. Please slow down.': '请求过于频繁，请稍后再试。',
  'Too many requests. Please try again later.': '请求过于频繁，请稍后再试。',
  'Invalid CSRF token': '安全校验失败，请刷新页面后重试',
  'Malformed JSON in request body': '请求内容格式错误',
  'Content-Type must be application/json': '请求内容类型必须是 JSON',
  'An account with this email already exists': '该邮箱已注册账户',
  'Unauthorized': '未登录',
  'Authentication failed': '身份验证失败',
  'User profile not found': '未找到用户资料',
  'User not authenticated': '用户未登录',
  'Not authenticated': '未登录',
  'Invalid action': '无效的操作',
  'Invalid window format': '时间窗口格式无效',

  // Rate limits.
  'Free tier limit reached. Please upgrade for more AI generations.': '已达到免费版上限，升级即可获得更多 AI 生成次数。',
  'Rate limit exceeded. Please try again later.': '请求次数超出限制，请稍后再试。',
  'Free tier limit reached for food analysis. Please upgrade for more.': '已达到免费版食物识别上限，升级即可获得更多次数。',
  'Too many authentication attempts. Please try again later.': '登录尝试次数过多，请稍后再试。',
  'Too many profile updates. Please try again later.': '资料更新过于频繁，请稍后再试。',
  'Webhook rate limit exceeded.': 'Webhook 请求次数超出限制。',

  // Billing.
  'No active subscription': '没有有效的订阅',
  'You have already used your one-time refund guarantee. The 14-day money-back guarantee only applies to first-time subscribers.':
    '您已使用过一次性退款保障。14 天退款保障仅适用于首次订阅的用户。',
  'Refunds are not available during the free trial period. You can cancel your subscription anytime before the trial ends to avoid being charged.':
    '免费试用期内不支持退款。您可以在试用结束前随时取消订阅，以免被扣费。',
  'Refund eligibility not available': '暂时无法查询退款资格',
  'Refund period has expired': '退款期限已过',
  'Not eligible for refund': '不符合退款条件',
  'No Stripe customer ID found': '未找到支付客户信息',
  'No active subscription found': '未找到有效的订阅',
  'No invoice found for subscription': '未找到该订阅的账单',
  "No payment found to refund. This subscription may have been created through a method that doesn't support automated refunds.":
    '未找到可退款的付款记录。此订阅可能是通过不支持自动退款的方式创建的。',
  'Failed to process refund': '退款处理失败',
  'Refund processing failed': '退款处理失败',
  'Error checking eligibility': '检查退款资格时出错',
  'Price not configured for the plan and interval': '该套餐和周期尚未配置价格',
  'Can only upgrade from Basic plan': '只能从基础版升级',
  'Can only downgrade from Pro plan': '只能从专业版降级',
  'Failed to upgrade subscription': '升级订阅失败',
  'Failed to downgrade subscription': '降级订阅失败',
  'No active subscription to cancel': '没有可取消的有效订阅',
  'Failed to cancel subscription': '取消订阅失败',
  'Successfully upgraded to Pro plan': '已成功升级到专业版',
  'Successfully downgraded to Basic plan': '已成功降级到基础版',
  'Subscription will be canceled at the end of the billing period': '订阅将在当前计费周期结束时取消',

  // Messages of the authentication library that can reach the page.
  'Invalid email or password.': '邮箱或密码错误。',
  'Invalid password': '密码错误',
  'Invalid email': '邮箱无效',
  'Invalid code': '验证码错误',
  'Invalid backup code': '备用码无效',
  "Two factor isn't enabled": '尚未开启两步验证',
  'TOTP not enabled': '尚未开启身份验证器',
  'TOTP is already enabled': '身份验证器已开启',
  'Invalid two factor cookie': '两步验证已失效，请重新登录',
  'Too many attempts. Please request a new code.': '尝试次数过多，请重新获取验证码。',
  'Too many failed verification attempts. Your account is temporarily locked. Please try again later.':
    '验证失败次数过多，您的账户已被暂时锁定，请稍后再试。',
  'Invalid token': '链接无效',
  'The reset link is invalid or has expired': '重置链接无效或已过期',
  'Your sign-in has expired. Please sign in again': '登录已过期，请重新登录',
  'The code has expired': '验证码已过期',
  'Too many attempts. Please try again later': '尝试次数过多，请稍后再试',
  'Token expired': '链接已过期',
  'User already exists.': '该用户已存在。',
  'User already exists. Use another email.': '该用户已存在，请使用其他邮箱。',
  'Session expired. Re-authenticate to perform this action.': '会话已过期，请重新登录后再操作。',
  'Credential account not found': '未找到密码登录方式',
  'Password too short': '密码太短',
  'Password too long': '密码太长',
  'User not found': '未找到用户',
  'Failed to create user': '创建用户失败',
  'Provider not found': '不支持该登录方式',
  'Invalid origin': '请求来源无效',
  'Invalid callbackURL': '回调地址无效',

  // The web app's own form checks.
  'Passwords do not match': '两次输入的密码不一致',
  'Enter the 6-digit code': '请输入 6 位验证码',
  'Enter a backup code': '请输入备用码',
  'Type your email exactly to confirm': '请准确输入您的邮箱以确认',
};

const ZH_PATTERNS: [RegExp, string][] = [
  [/^Refund period has expired \((\d+) days since start\)$/, '退款期限已过（已开始 $1 天）'],
  [/^You have (\d+) days remaining to request a refund$/, '您还有 $1 天可以申请退款'],
  [/^.+ with id .+ not found$/, '未找到请求的资源'],
];

export function translateServerMessage(message: string, locale: Locale): string {
  if (locale !== 'zh') return message;
  const exact = ZH[message];
  if (exact) return exact;
  for (const [pattern, replacement] of ZH_PATTERNS) {
    if (pattern.test(message)) return message.replace(pattern, replacement);
  }
  return message;
}
