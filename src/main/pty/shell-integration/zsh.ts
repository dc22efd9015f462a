import { markFunctions } from './mark-functions';
import { scriptText } from './script-text';

/**
 * Zsh finds its startup files in $ZDOTDIR, which the terminal points at a folder of these. Each
 * runs the user's own file of the same name with the user's ZDOTDIR back in place, so their
 * setup runs unchanged; .zshrc then adds the marks and leaves ZDOTDIR as the user had it, for
 * .zlogin, .zlogout and anything they start.
 */
const runUserFile = (name: string) => scriptText`
TETHER_ZDOTDIR=$ZDOTDIR
ZDOTDIR=\${TETHER_USER_ZDOTDIR:-$HOME}
[[ -r $ZDOTDIR/${name} ]] && builtin source $ZDOTDIR/${name}
TETHER_USER_ZDOTDIR=$ZDOTDIR
ZDOTDIR=$TETHER_ZDOTDIR
`;

const marks = scriptText`
ZDOTDIR=$TETHER_USER_ZDOTDIR
unset TETHER_USER_ZDOTDIR TETHER_ZDOTDIR
if [[ -o interactive && -z $TETHER_SHELL_INTEGRATION_ACTIVE ]]; then
  TETHER_SHELL_INTEGRATION_ACTIVE=1

${markFunctions}
  __tether_precmd() {
    local exit_status=$?
    if [[ -n $__tether_running ]]; then
      __tether_mark "D;$exit_status"
      __tether_running=
    fi
    __tether_escape "$PWD"
    __tether_mark "P;Cwd=$REPLY"
  }
  # Last, after any theme has rebuilt PS1 for this prompt.
  __tether_wrap_prompt() {
    if [[ $PS1 != *'633;A'* ]]; then
      PS1=$'%{\e]633;A\a%}'"$PS1"$'%{\e]633;B\a%}'
    fi
  }
  __tether_preexec() {
    __tether_running=1
    __tether_escape "$1"
    __tether_mark "E;$REPLY"
    __tether_mark C
  }
  precmd_functions=(__tether_precmd $precmd_functions __tether_wrap_prompt)
  preexec_functions+=(__tether_preexec)
fi
`;

/** The files to put in the folder ZDOTDIR names, by name. */
export const zshIntegration: Record<string, string> = {
  '.zshenv': runUserFile('.zshenv'),
  '.zprofile': runUserFile('.zprofile'),
  '.zshrc': runUserFile('.zshrc') + marks,
};
