#include "ProblemDefinition.h"

#include <algorithm>
#include <cmath>

namespace kix {

const ProblemAxis* ProblemDefinition::axis(const QString& name) const {
    const auto it =
        std::find_if(axes.begin(), axes.end(), [&](const ProblemAxis& a) { return a.name == name; });
    return it == axes.end() ? nullptr : &*it;
}

const ProblemTensor* ProblemDefinition::tensor(const QString& name) const {
    for (const QList<ProblemTensor>* list : {&inputs, &outputs})
        for (const ProblemTensor& t : *list)
            if (t.name == name)
                return &t;
    return nullptr;
}

int ProblemDefinition::workloadIndex(const QString& caseId, const QList<QPair<QString, double>>& axes) const {
    for (int i = 0; i < workloads.size(); ++i)
        if (workloads[i].kernelIndex && !caseId.isEmpty() && workloads[i].kernelIndex->externalId == caseId)
            return i;
    // By axes only when they are this problem's, constants included: a case of another problem whose
    // variable axes happen to be equal is not one of these workloads.
    QMap<QString, qint64> variable;
    qsizetype constants = 0;
    for (const auto& [name, value] : axes) {
        const ProblemAxis* a = axis(name);
        if (!a || value != std::floor(value))
            return -1;
        if (a->constant) {
            if (qint64(value) != a->value)
                return -1;
            ++constants;
            continue;
        }
        variable.insert(name, qint64(value));
    }
    const auto isConstant = [](const ProblemAxis& a) { return a.constant; };
    if (variable.isEmpty() || constants != std::count_if(this->axes.begin(), this->axes.end(), isConstant))
        return -1;
    return workloadIndexByAxes(variable);
}

int ProblemDefinition::workloadIndexByAxes(const QMap<QString, qint64>& variableAxes) const {
    for (int i = 0; i < workloads.size(); ++i)
        if (workloads[i].axes == variableAxes)
            return i;
    return -1;
}

QString workloadAxesText(const QMap<QString, qint64>& axes) {
    QStringList parts;
    for (auto it = axes.constBegin(); it != axes.constEnd(); ++it)
        parts << it.key() + u'=' + QString::number(it.value());
    return u'(' + parts.join(QStringLiteral(", ")) + u')';
}

std::optional<qint64> ProblemDefinition::axisValue(const ProblemWorkload& workload,
                                                   const QString& name) const {
    const ProblemAxis* a = axis(name);
    if (!a)
        return std::nullopt;
    if (a->constant)
        return a->value;
    const auto it = workload.axes.find(name);
    return it == workload.axes.end() ? std::nullopt : std::optional<qint64>(*it);
}

QList<qint64> ProblemDefinition::shape(const ProblemTensor& tensor, const ProblemWorkload& workload) const {
    QList<qint64> out;
    for (const ShapeDim& dim : tensor.shape)
        out << (dim.axis.isEmpty() ? dim.extent : axisValue(workload, dim.axis).value_or(0));
    return out;
}

const SpeedOfLightTimes* ProblemDefinition::speedOfLight(int index, const QString& gpu) const {
    if (index < 0 || index >= workloads.size())
        return nullptr;
    for (const SpeedOfLightTimes& t : workloads[index].speedOfLight)
        if (t.gpu == gpu)
            return &t;
    return nullptr;
}

QStringList ProblemDefinition::speedOfLightGpus() const {
    QStringList gpus;
    if (workloads.isEmpty())
        return gpus;
    for (const SpeedOfLightTimes& t : workloads.first().speedOfLight) {
        const bool everywhere =
            std::all_of(workloads.begin(), workloads.end(), [&](const ProblemWorkload& w) {
                return std::any_of(w.speedOfLight.begin(), w.speedOfLight.end(),
                                   [&](const SpeedOfLightTimes& o) { return o.gpu == t.gpu; });
            });
        if (everywhere)
            gpus << t.gpu;
    }
    return gpus;
}

} // namespace kix
