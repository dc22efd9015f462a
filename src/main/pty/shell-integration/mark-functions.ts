import { scriptText } from './script-text';

/** The functions bash and zsh share, in the syntax both read: a value made safe, and a mark. */
export const markFunctions = scriptText`
  # A value inside a mark: what would end the sequence or split its fields is written as \xHH.
  __tether_escape() {
    local value=\${1//\\/\\\\}
    value=\${value//;/\\x3b}
    value=\${value//$'\n'/\\x0a}
    value=\${value//$'\r'/\\x0d}
    value=\${value//$'\e'/\\x1b}
    REPLY=\${value//$'\a'/\\x07}
  }

  __tether_mark() { builtin printf '\e]633;%s\a' "$1"; }
`;
